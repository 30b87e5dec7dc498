SPEC = None  # placeholder while written
