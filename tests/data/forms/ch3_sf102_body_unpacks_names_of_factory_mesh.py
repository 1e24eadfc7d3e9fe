"""The body unpacks the names of the mesh its factory was given (`make_tnet(mesh)`), the same
mesh the shard_map runs on: the unpacked names are that mesh's axes."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def make_tnet(mesh):
    def tnet(feats):
        point_axis, feat_axis = mesh.axis_names
        rows = jax.lax.all_gather(feats, feat_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, (point_axis, feat_axis), axis=0, tiled=True, to="reduced")  # SF102
    return tnet


def main(mesh, x):
    point_axis, feat_axis = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(point_axis, feat_axis)))
    step = jax.shard_map(make_tnet(mesh), mesh=mesh, in_specs=P(point_axis, feat_axis),
                         out_specs=P(None, None, reduced={point_axis, feat_axis}))
    return step(x)
