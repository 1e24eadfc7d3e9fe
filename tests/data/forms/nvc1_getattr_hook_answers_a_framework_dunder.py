"""An attrs-like class whose `__getattr__` answers every missing name from its options table:
`hasattr(self, "__post_build__")` is True, so the post-build hook runs and moves the log axis to
'model', where the psum result still varies. Read as absent (no class defines the dunder), the
hook would be skipped and the gather would be over 'data', which JAX rejects: the analysis must
not take the dunder as absent past a `__getattr__`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Options:
    def __init__(self, **values):
        self.__dict__["_values"] = dict(values)
        if hasattr(self, "__post_build__"):
            self.__post_build__()

    def __getattr__(self, name):
        if name == "__post_build__":
            return lambda: self._values.update(log_axis="model")
        return self._values[name]


def main():
    opts = Options(axis="data", log_axis="data")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, opts.axis)
        return jax.lax.all_gather(total, opts.log_axis, axis=0, tiled=True, to="reduced")  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"model"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
