import weakref, dataclasses, contextlib, typing, collections
@REDUCE@
def gen():
    got = yield 1
    yield got


def main(mesh, x):
    g = gen()
    axes = ("i",)
    try:
        g.send("x")
        axes = ("i", "j")
    except TypeError:
        pass
    return reduce_rows(mesh, x, axes)