"""One import namespace, ``cardedge``, over the repository's layer folders.

``analysis/`` installs as ``cardedge.analysis``, ``engine/`` as ``cardedge.engine``, and so on;
``cardedge/`` itself holds the command line. Everything else is in ``pyproject.toml``.
"""

from setuptools import find_namespace_packages, find_packages, setup

LAYERS = ("analysis", "engine", "strategy", "study", "reports")

packages = find_packages(include=["cardedge", "cardedge.*"])
package_dir = {"cardedge": "cardedge"}
for layer in LAYERS:
    package_dir[f"cardedge.{layer}"] = layer
    packages += [f"cardedge.{layer}"] + [
        # namespace packages too, so data folders (zero/paytables) are packages, not strays
        f"cardedge.{layer}.{p}"
        for p in find_namespace_packages(where=layer, exclude=["*__pycache__*"])
    ]

setup(packages=packages, package_dir=package_dir)
