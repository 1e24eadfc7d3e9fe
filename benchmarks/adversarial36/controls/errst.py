import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def main(mesh, x):
    rng = np.random.default_rng(0)
    a = rng.normal(size=(3,)) * np.nan
    axes = ("i",)
    with np.errstate(invalid="raise"):
        try:
            v = np.int32(a)
            axes = ("i", "j") if v.ndim == 1 else ("i",)
        except FloatingPointError:
            pass
    return reduce_rows(mesh, x, axes)