"""A test base expands each parameterized method in `__init_subclass__`: `delattr` of the template,
`setattr` of one method per case; the runner walks `dir()` in sorted order, and the second case
gathers a psum'd value to reduced over the axis it was summed on."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parameters(*cases):
    def deco(fn):
        fn._cases = cases
        return fn
    return deco


class Case:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        for name, fn in list(vars(cls).items()):
            cases = getattr(fn, "_cases", None)
            if cases is None:
                continue
            delattr(cls, name)
            for index, axis in enumerate(cases):
                def expanded(self, _fn=fn, _axis=axis):
                    return _fn(self, _axis)
                setattr(cls, f"{name}_{index}", expanded)


class GatherTest(Case):
    @parameters("model", "data")
    def test_publish(self, axis):
        mesh = jax.make_mesh((2, 4), ("data", "model"))
        x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", "model")))

        def body(block):
            total = jax.lax.psum(block, "data")
            return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # SF101

        kept = None if axis == "model" else "model"
        return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                             out_specs=P(None, kept, reduced={axis}))(x)


def main():
    names = sorted(name for name in dir(GatherTest) if name.startswith("test"))
    case = GatherTest()
    return [getattr(case, name)() for name in names]


if __name__ == "__main__":
    main()
