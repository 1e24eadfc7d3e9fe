"""GraphCast-like loss: per-latitude error summed over channels, cast back before the mesh mean."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss(mesh):
    def loss(pred, target):
        w = jnp.cos(jnp.linspace(-1.5, 1.5, pred.shape[0]))
        per_lat = jax.lax.psum(jnp.sum((pred - target) ** 2 * w[:, None]), "channel")
        per_lat = jax.lax.pcast(per_lat, "channel", to="varying")
        return jax.lax.pmean(per_lat, mesh.axis_names)
    return loss


def inputs():
    mesh = jax.make_mesh((2, 4), ("lat", "channel"))
    pred = jnp.linspace(0, 1, 16 * 8).reshape(16, 8)
    return mesh, pred, pred[::-1]


def main(mesh, pred, target):
    spec = P("lat", "channel")
    pred, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, target))
    return jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=P())(pred, target)
