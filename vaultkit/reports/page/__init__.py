"""`vaultkit report`'s page: the days made plain (`days`), the charts' data (`charts`), the
related days' drawing (`related`), the HTML (`html`, with `templates/`), and the build that puts
them together and writes the file (`build`)."""
