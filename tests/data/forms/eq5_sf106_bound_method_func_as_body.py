"""A module's method handed to shard_map through its bound method's `__func__` (the plain
function, the module its first argument): the calibrated scores, reduced over 'model', are
divided by a temperature the module holds replicated."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = tuple(f.name for f in dataclasses.fields(cls))

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(names, children):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, lambda m: (tuple(getattr(m, n) for n in names), None), unflatten)


class Calibrator(Module):
    temperature: jax.Array

    def confidence(self, logits):
        scores = jax.lax.all_gather(logits, "model", axis=1, tiled=True, to="reduced")
        return scores / self.temperature  # SF106

    def run(self, mesh, logits):
        fn = jax.shard_map(self.confidence.__func__, mesh=mesh, in_specs=(Calibrator(P()), P("data", "model")),
                           out_specs=P("data", None, reduced={"model"}))
        return fn(self, logits)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    logits = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    cal = Calibrator(jax.device_put(np.full((8,), 2.0, np.float32), NamedSharding(mesh, P())))
    with jax.set_mesh(mesh):
        return cal.run(mesh, logits)


if __name__ == "__main__":
    main()
