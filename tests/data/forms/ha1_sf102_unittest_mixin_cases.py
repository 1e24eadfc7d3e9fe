"""A unittest suite: a base expands `_cases` into test methods in __init_subclass__, a mixin
gives the body, a runner calls debug() on each test and skips SkipTest; an assertion on the
first test's result (unknown to the analysis) runs before the second test gathers twice."""
import unittest

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def cases(*table):
    def mark(fn):
        fn._cases = table
        return fn
    return mark


class CaseTest(unittest.TestCase):
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in dir(cls):
            fn = getattr(cls, name, None)
            table = getattr(fn, "_cases", None)
            if not name.startswith("test") or table is None:
                continue
            setattr(cls, name, None)
            for label, arg in table:
                def test(self, _fn=fn, _arg=arg):
                    return _fn(self, _arg)
                setattr(cls, f"{name}_{label}", test)


class GatherMixin:
    def gathered(self, x, axes):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        if axes == ("j",):
            return full
        return jax.lax.all_gather(full, axes, axis=0, tiled=True, to="reduced")  # SF102


class GatherTest(GatherMixin, CaseTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.mesh = jax.make_mesh((2, 4), ("i", "j"))
        cls.host = np.arange(64, dtype=np.float32).reshape(8, 8)
        cls.x = jax.device_put(cls.host, NamedSharding(cls.mesh, P("i", "j")))

    @cases(("a_row", ("j",)), ("b_both", ("i", "j")))
    def test_gather(self, axes):
        out_spec = P("i", None, reduced={"j"}) if axes == ("j",) else P(None, None, reduced={"i", "j"})
        fn = jax.shard_map(lambda x: self.gathered(x, axes), mesh=self.mesh, in_specs=P("i", "j"), out_specs=out_spec)
        out = fn(self.x)
        self.assertEqual(out.shape[1], 8)
        self.assertTrue(np.isfinite(np.asarray(out)).all())


def main():
    loader = unittest.TestLoader()
    for cls in (GatherTest,):
        cls.setUpClass()
        for name in loader.getTestCaseNames(cls):
            try:
                cls(name).debug()
            except unittest.SkipTest:
                continue
        cls.tearDownClass()


if __name__ == "__main__":
    main()
