"""Reports render findings; they never analyse. Each format module offers
`render(results: list[FileResult], rules: Sequence[type[Rule]]) -> str`."""
