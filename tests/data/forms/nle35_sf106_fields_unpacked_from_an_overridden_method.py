"""Near miss of le29: the class built overrides the method `__init__` calls, and its version
gathers to 'invarying' whatever it is given; the object's fields come from the subclass's method."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __init__(self, **kwargs):
        self.axis, self.to = self._options(**kwargs)

    def _options(self, axis="j", to="varying"):
        return axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)


class InvariantLayer(Layer):
    def _options(self, axis="j", to="varying"):
        return axis, "invarying"


def main(mesh, x):
    return jax.shard_map(InvariantLayer(to="reduced"), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
