import jax
from jax.sharding import PartitionSpec as P


class Scaler:
    AXIS = "i"
    FACTOR = 0.5

    @classmethod
    def body(cls, x):
        full = jax.lax.all_gather(x, cls.AXIS, axis=0, tiled=True, to="reduced")
        return full * cls.FACTOR  # SF106


def run(mesh, x):
    f = jax.shard_map(Scaler.body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
    return f(x)
