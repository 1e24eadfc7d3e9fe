"""PointNet T-Net: per-feature-shard transform rows assembled, then gathered across the whole mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def tnet_rows(feats):
    return jnp.tanh(jnp.mean(feats, axis=0, keepdims=True))


def make_tnet(mesh):
    point_axis, feat_axis = mesh.axis_names

    def tnet(feats):
        rows = jax.lax.all_gather(tnet_rows(feats), feat_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, mesh.axis_names, axis=0, tiled=True, to="reduced")
    return tnet


def inputs():
    mesh = jax.make_mesh((2, 4), ("points", "feat"))
    feats = jnp.linspace(-1, 1, 32 * 8).reshape(32, 8)
    return mesh, feats


def main(mesh, feats):
    feats = jax.device_put(feats, NamedSharding(mesh, P(*mesh.axis_names)))
    f = jax.shard_map(make_tnet(mesh), mesh=mesh, in_specs=P(*mesh.axis_names),
                      out_specs=P(None, None, reduced=set(mesh.axis_names)))
    return f(feats)
