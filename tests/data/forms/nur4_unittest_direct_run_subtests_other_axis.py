"""As ur2, but the stages gather over `model` then over `data` alone, an axis on which the
value still varies: each subTest block runs and the program ends quietly."""
import functools
import unittest

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def with_mesh(shape, names):
    def decorate(fn):
        @functools.wraps(fn)
        def test(self, *args, **kwargs):
            mesh = jax.make_mesh(shape, names)
            with jax.set_mesh(mesh):
                return fn(self, mesh, *args, **kwargs)
        return test
    return decorate


class GatherTest(unittest.TestCase):
    STAGES = ["model", "data"]

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.width = 8

    def setUp(self):
        super().setUp()
        self.x = jnp.arange(64.0).reshape(8, self.width)

    @with_mesh((2, 4), ("data", "model"))
    def test_stages(self, mesh):
        def body(block):
            out = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
            for stage in self.STAGES[1:]:
                with self.subTest(stage=stage):
                    out = jax.lax.all_gather(out, stage, axis=0, tiled=True, to="reduced")
            return out

        return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                             out_specs=P(None, None, reduced={"data", "model"}))(
            jax.device_put(self.x, NamedSharding(mesh, P("data", "model"))))


def run_direct(cls, *names):
    cls.setUpClass()
    for name in names:
        case = cls(name)
        case.setUp()
        getattr(case, name)()
    return len(names)


def main():
    return run_direct(GatherTest, "test_stages")


if __name__ == "__main__":
    main()
