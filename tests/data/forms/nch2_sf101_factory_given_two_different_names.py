"""The factory is called with each of the mesh's two names, each shard_map sharding its input
over the name its body gathers: both gathers take varying inputs. The two calls disagree, so the
parameter is neither name for certain."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(axis):
    def body(x):
        return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")
    return body


def main(mesh, x):
    first, second = mesh.axis_names
    by_first = jax.device_put(x, NamedSharding(mesh, P(first)))
    by_second = jax.device_put(x, NamedSharding(mesh, P(second)))
    a = jax.shard_map(make_body(first), mesh=mesh, in_specs=P(first), out_specs=P(reduced={first}))(by_first)
    b = jax.shard_map(make_body(second), mesh=mesh, in_specs=P(second), out_specs=P(reduced={second}))(by_second)
    return a, b
