import jax
from jax.sharding import PartitionSpec as P


class Head:
    registry = {}
    kind = None
    axis = "j"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.kind:
            Head.registry[cls.kind] = cls


class MeanHead(Head):
    kind = "mean"

    def step(self, x):
        total = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=1, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    head = MeanHead()
    return jax.shard_map(head.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
