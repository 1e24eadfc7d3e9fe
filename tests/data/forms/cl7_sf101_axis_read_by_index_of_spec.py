"""The reduction axis is read off a layout table's spec by index (`LAYOUT["w"][-1]`): the column
axis 'j'. The value summed over it is then gathered over the same axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"w": P("i", "j")}


def body(w):
    col_axis = LAYOUT["w"][-1]
    row_sums = jax.lax.psum(jnp.sum(w, axis=1), col_axis)
    return jax.lax.all_gather(row_sums, col_axis, to="reduced")  # SF101


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, LAYOUT["w"]))
    return jax.shard_map(body, mesh=mesh, in_specs=LAYOUT["w"], out_specs=P(None, "i", reduced={"j"}))(w)
