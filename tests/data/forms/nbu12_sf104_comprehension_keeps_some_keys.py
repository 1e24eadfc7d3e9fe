import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"emb": P(("i", "j"), None), "head": P("j", None)}
SERVE = {"emb": P("j", None), "head": P(None, None, reduced={"j"})}


def place(mesh, tables):
    return {name: jax.device_put(t, NamedSharding(mesh, TRAIN[name])) for name, t in tables.items() if name != "emb"}


def export(placed):
    return {name: top_level_all_gather(t, SERVE[name]) for name, t in placed.items()}  # none


def main(mesh, x):
    placed = place(mesh, {"emb": jnp.ones((8, 8)), "head": jnp.ones((16, 8))})
    with jax.set_mesh(mesh):
        return export(placed)
