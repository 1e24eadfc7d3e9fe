"""Near miss of cn2: besides the printing `__repr__`, the base updates the fields through
`vars(self)` after construction (`to` becomes 'invarying'), so the gather is to 'invarying'
and the mean is fine. A `vars(...)` used for anything but formatting may set any field."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"

    def configure(self, **overrides):
        vars(self).update(overrides)


class GatheredNorm(Layer):
    def __init__(self, gather_axis, to="reduced"):
        self.gather_axis, self.to = gather_axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.gather_axis, axis=1, to=self.to, tiled=True)
        return h.mean(axis=-1, keepdims=True)


def main(mesh, x):
    norm = GatheredNorm("j")
    norm.configure(to="invarying")
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
