"""`build(**kwargs)` hands its keywords on to the class; its one call passes `to="reduced"`, so
every object of the class gathers to 'reduced' and the mean in the method's body divides a
reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class Gatherer:
    def __init__(self, axis="j", to="varying"):
        self.axis, self.to = axis, to

    def run(self, mesh, x):
        def body(v):
            h = jax.lax.all_gather(v, self.axis, axis=1, tiled=True, to=self.to)
            return h.mean(axis=-1, keepdims=True)  # SF106

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def build(**kwargs):
    return Gatherer(**kwargs)


def main(mesh, x):
    return build(to="reduced").run(mesh, x)
