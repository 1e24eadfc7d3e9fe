"""A frozen-record decorator gives the class one read-only property per field, made by calling
`property(getter)` with a getter that closes over the field's name, and set with
`setattr(cls, name, ...)`; `isinstance(member, property)` finds them again for the record's
field list. The plan's log axis reads back 'data': the psum result, invariant over 'data', is
gathered to reduced over 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def record(*names):
    def wrap(cls):
        for name in names:
            def getter(self, _name=name):
                return self._values[_name]
            setattr(cls, name, property(getter))
        cls.fields = tuple(key for key, value in vars(cls).items() if isinstance(value, property))
        return cls
    return wrap


@record("sum_axis", "log_axis")
class Plan:
    def __init__(self, **values):
        self._values = {key: str(value).strip().lower() for key, value in values.items()}


def main():
    plan = Plan(sum_axis="data", log_axis=" Data")
    assert plan.fields == ("sum_axis", "log_axis")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, plan.sum_axis)
        return jax.lax.all_gather(total, plan.log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
