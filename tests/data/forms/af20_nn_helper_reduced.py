import jax
from jax.sharding import PartitionSpec as P


def mlp(h, w):
    return jax.nn.gelu(h @ w)


def activate(h):
    return jax.nn.silu(h)  # SF106


def body(x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return activate(full)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
