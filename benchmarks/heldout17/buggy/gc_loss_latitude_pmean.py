"""GraphCast-like training loss: latitude-weighted MSE over (lat, channel) shards of the grid."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_LAT, N_CH = 16, 8


def latitude_weights(n_lat):
    lat = jnp.linspace(-jnp.pi / 2, jnp.pi / 2, n_lat)
    w = jnp.cos(lat)
    return w / jnp.mean(w)


def make_loss(mesh):
    def loss(pred, target):
        w = latitude_weights(N_LAT)[:pred.shape[0]]
        err = jnp.sum((pred - target) ** 2 * w[:, None])
        per_lat = jax.lax.psum(err, "channel")
        return jax.lax.pmean(per_lat, mesh.axis_names)
    return loss


def inputs():
    mesh = jax.make_mesh((2, 4), ("lat", "channel"))
    pred = jnp.linspace(0, 1, N_LAT * N_CH).reshape(N_LAT, N_CH)
    return mesh, pred, pred[::-1]


def main(mesh, pred, target):
    spec = P("lat", "channel")
    pred, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, target))
    f = jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return f(pred, target)
