import jax
from jax.sharding import PartitionSpec as P


def ce_loss(h):
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, ("i", "j"))


def mse_loss(h):
    return jax.lax.psum(h * h, ("i", "j"))


LOSSES = {"ce": ce_loss, "mse": mse_loss}


def body(h):
    return LOSSES.get("mse")(h)  # the ce entry is never run


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
