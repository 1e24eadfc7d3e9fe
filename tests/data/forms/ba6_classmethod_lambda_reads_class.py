"""`classmethod(lambda cls, v: ...)` as a class attribute gets the class first: its constant
offset meets a reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class Calibrator:
    OFFSET = 1.0
    shift = classmethod(lambda cls, v: v - cls.OFFSET)  # SF106

    def body(self, x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return self.shift(full)


def run(mesh, x):
    return jax.shard_map(Calibrator().body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
