import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(tensor):
    host = top_level_all_gather(tensor, P(None, reduced={"rows"}))  # SF104: after evaluate's own mesh block
    return np.asarray(host)


def forward(x):
    return jnp.tanh(x) * 2.0


def place(x, mesh):
    return jax.device_put(x, NamedSharding(mesh, P("rows")))


def evaluate(x):
    mesh = jax.make_mesh((8,), ("rows",))
    x = place(x, mesh)
    with jax.set_mesh(mesh):
        logits = jax.jit(forward)(x)
        logits -= logits.max()
    return export(logits)
