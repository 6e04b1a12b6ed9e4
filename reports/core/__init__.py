"""What both games' reports share: the Table record and its rendering, figures saved as files,
and the count, index, simulation and study reports each game hands its own pieces to."""
