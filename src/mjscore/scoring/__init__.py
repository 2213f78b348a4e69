"""The scoring engine: facts of an arrangement, the pattern library, rulesets as data, payments."""
