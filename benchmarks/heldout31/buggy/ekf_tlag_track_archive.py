"""Archive of estimated drone tracks written once per mission, layouts from a YAML-like table."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MISSION = {
    "layouts": {
        "tracks": [["drone", "sensor"], None],
        "archive": ["drone", None],
    }
}


def spec_from(entry):
    return P(*(tuple(e) if isinstance(e, list) else e for e in entry))


def archive(tracks):
    return top_level_all_gather(tracks, spec_from(MISSION["layouts"]["archive"]))


def inputs():
    mesh = jax.make_mesh((4, 2), ("drone", "sensor"))
    tracks = jnp.arange(16 * 6, dtype=jnp.float32).reshape(16, 6)
    return mesh, tracks


def main(mesh, tracks):
    with jax.set_mesh(mesh):
        placed = jax.device_put(tracks, NamedSharding(mesh, spec_from(MISSION["layouts"]["tracks"])))
        return archive(placed)
