import jax
import numpy as np
from jax.sharding import PartitionSpec as P

HORIZONS = np.array([10, 10, 20, 20, 40, 40, 60, 120], np.float32)
WEIGHTS = np.asarray((0.5, 2.0))


def scale(value, horizon):
    return value * np.sqrt(horizon)  # SF106


def body(x):
    full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    scaled = scale(full, HORIZONS)
    local = x * np.sqrt(HORIZONS[:2])  # none
    mixed = x * WEIGHTS  # none
    return scaled, local + mixed


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", None, reduced={"j"}), P("i", "j")))(x)
