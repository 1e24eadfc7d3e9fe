"""A throwaway object is built only to be logged (`log_config(Scaler("j", 2.0))`); the body
builds its own, whose `__call__` gathers a value already gathered to reduced."""
import jax
from jax.sharding import PartitionSpec as P


class Scaler:
    def __init__(self, axis, factor):
        self.axis = axis
        self.factor = factor

    def __call__(self, v):
        full = jax.lax.all_gather(v * self.factor, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(full, self.axis, axis=0, tiled=True, to="reduced")  # SF103


def log_config(obj):
    print(f"gather over {obj.axis}, factor {obj.factor}")


def run(mesh, x):
    log_config(Scaler("j", 2.0))

    def body(v):
        return Scaler("j", 2.0)(v)

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
