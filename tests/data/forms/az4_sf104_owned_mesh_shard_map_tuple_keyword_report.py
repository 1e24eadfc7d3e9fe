import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


def encode(tokens, *, mesh):
    def body(t):
        return jnp.cumsum(t, axis=1), jnp.tanh(t)

    return jax.shard_map(body, mesh=mesh, in_specs=P("batch"), out_specs=(P("batch"), P("batch")))(tokens)


def write_summary(hidden=None):
    gathered = top_level_all_gather(hidden, P(None, reduced={"batch"}))  # SF104: after pipeline's own mesh block
    return gathered


def pipeline(tokens):
    mesh = jax.make_mesh((8,), ("batch",))
    with jax.set_mesh(mesh):
        outputs = encode(tokens, mesh=mesh)
        hidden = outputs[1]
    return write_summary(hidden=hidden)
