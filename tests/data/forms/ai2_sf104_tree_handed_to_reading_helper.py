import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P("j", None)}


def log_shapes(params):
    for name, leaf in params.items():
        print(name, leaf.shape, leaf.dtype)


def norms(tree, keys=("w", "b")):
    return {k: jnp.linalg.norm(tree[k]) for k in keys if k in tree}


def summarize(params):
    return len(params), norms(params)


def run(mesh, x):
    placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    log_shapes(placed)
    stats = summarize(params=placed)
    with jax.set_mesh(mesh):
        w = top_level_all_gather(placed["w"], P("j", None))  # SF104
        b = top_level_all_gather(placed["b"], P(None, None))  # SF104
    return w, b, stats
