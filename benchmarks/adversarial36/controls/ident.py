import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
class Tr(typing.NamedTuple):
    obs: np.ndarray
    r: np.ndarray


def main(mesh, x):
    rng = np.random.default_rng(0)
    items = [Tr(rng.normal(size=(3,)), rng.normal(size=(2,))) for _ in range(4)]
    t = rng.integers(0, 4)
    rec = items[t]
    axes = ("i",) if any(rec is r for r in items) else ("i", "j")
    return reduce_rows(mesh, x, axes)