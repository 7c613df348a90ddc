"""vaultkit's tests, mirroring the package: `tests/<package>/` holds the tests of
`vaultkit/<package>/`; `cli/` the command and whole-run tests; `fixtures/` the fakes and data."""
