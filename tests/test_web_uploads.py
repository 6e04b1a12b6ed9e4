"""Files uploaded with a request (``POST /api/{game}/{command}``, a JSON body): a chart, a pay
table or a count system the command line would read from a path. The answer is the command
line's on the same file; bad uploads are refused in one line (never a path of the server's),
and a request still never reads a file it names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web needs the web extra")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")

from click.testing import CliRunner  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cardedge.cli import cli  # noqa: E402
from cardedge.web import calls  # noqa: E402
from cardedge.web.app import create_app  # noqa: E402

PAYTABLES = Path(calls.__file__).resolve().parents[1] / "analysis" / "zero" / "paytables"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def cli_text(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def chart_csv() -> str:
    """A 1-deck blackjack basic-strategy chart as CSV, the text a user would upload."""
    return cli_text("blackjack", "chart", "--decks", "1", "--format", "csv")


def post(client, query: str, files: dict):
    return client.post(f"/api/{query}", content=json.dumps(files))


def test_an_uploaded_chart_answers_as_the_command_line_on_the_file(client, chart_csv, tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text(chart_csv)
    files = {"strategy": {"name": "mine.csv", "text": chart_csv}}
    response = post(client, "blackjack/edge?decks=1&strategy=optimal", files)
    assert response.status_code == 200, response.text
    expected = cli_text(
        "blackjack", "edge", "--decks", "1", "--strategy", "optimal", "--strategy", str(path),
        "--format", "json",
    )  # fmt: skip
    assert response.text == expected
    assert [r["strategy"] for r in json.loads(response.text)][-1] == "mine.csv"


def test_an_uploaded_pay_table_answers_as_the_command_line(client, tmp_path):
    text = (PAYTABLES / "reconstructed.toml").read_text()
    (tmp_path / "house.toml").write_text(text)
    response = post(client, "zero/pays?decks=1", {"paytable": {"name": "house.toml", "text": text}})
    assert response.status_code == 200, response.text
    paytable = str(tmp_path / "house.toml")
    assert response.text == cli_text(
        "zero", "pays", "--decks", "1", "--paytable", paytable, "--format", "json"
    )


def test_the_same_upload_is_served_from_the_cache_and_another_is_not(client, chart_csv):
    query = "blackjack/edge?decks=1"
    first = post(client, query, {"strategy": {"name": "a.csv", "text": chart_csv}})
    again = post(client, query, {"strategy": {"name": "a.csv", "text": chart_csv}})
    edited = chart_csv.replace("hard 16,S,S,S,S,S,H", "hard 16,H,S,S,S,S,H")
    assert edited != chart_csv
    other = post(client, query, {"strategy": {"name": "a.csv", "text": edited}})
    assert (first.headers["x-cache"], again.headers["x-cache"]) == ("miss", "hit")
    assert other.headers["x-cache"] == "miss" and other.text != first.text


@pytest.mark.parametrize(
    ("query", "body", "status", "says"),
    [
        ("blackjack/edge?decks=1", b"{not json", 400, "must be JSON"),
        ("blackjack/edge?decks=1", b"[1, 2]", 400, "JSON object"),
        ("blackjack/edge?decks=1", {"paytable": {"name": "p.toml", "text": ""}}, 400,
         "takes no file 'paytable'"),
        ("blackjack/edge?decks=1", {"strategy": {"name": "../../etc/passwd.csv", "text": "x"}},
         400, "plain file name"),
        ("blackjack/edge?decks=1", {"strategy": {"name": "chart.exe", "text": "x"}}, 400,
         "ending in .csv or .json"),
        ("blackjack/edge?decks=1", {"strategy": {"name": "c.csv"}}, 400, "must be a string"),
        ("blackjack/edge?decks=1", {"strategy": "c.csv"}, 400, '{"name"'),
        ("blackjack/edge?decks=1", {"strategy": {"name": "c.csv", "text": "x" * 70_000}}, 413,
         "larger than 64,000 bytes"),
        ("zero/pays?decks=1&paytable=reconstructed",
         {"paytable": {"name": "p.toml", "text": "x"}}, 400, "given in the query and uploaded"),
        ("blackjack/edge?decks=1", {"strategy": {"name": "bad.csv", "text": "hand,2\nhard 4,Q\n"}},
         400, "bad.csv"),
        ("zero/pays?decks=1", {"paytable": {"name": "bad.toml", "text": "pays = [1"}}, 400,
         "bad.toml"),
        ("blackjack/study?decks=1", {"strategy": {"name": "c.csv", "text": "x"}}, 403,
         "not served"),
    ],
)  # fmt: skip
def test_bad_uploads_are_refused_in_one_line(client, query, body, status, says):
    content = body if isinstance(body, bytes) else json.dumps(body)
    response = client.post(f"/api/{query}", content=content)
    assert response.status_code == status, response.text
    line = response.json()["error"]
    assert says in line and "\n" not in line and len(line) < 300, line
    assert "cardedge-upload-" not in line and "/tmp" not in line


def test_a_request_still_never_reads_a_file_it_names(client):
    response = client.post("/api/blackjack/edge?strategy=/etc/passwd", content=b"{}")
    assert response.status_code == 400 and "root:x" not in response.text
