import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def main(mesh, x):
    rng = np.random.default_rng(0)
    a = rng.normal(size=(2, 3))
    axes = ("i",)
    try:
        out = np.einsum("éj->j", a)
        axes = ("i", "j") if out.shape == (3,) else ("i",)
    except UnicodeEncodeError:
        pass
    return reduce_rows(mesh, x, axes)