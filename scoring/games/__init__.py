"""One module per game; each exports SPEC. The registry imports them explicitly."""
