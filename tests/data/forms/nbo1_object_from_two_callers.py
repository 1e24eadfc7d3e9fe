import jax
from jax.sharding import PartitionSpec as P


class Layout:
    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols


def make_body(layout):
    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, layout.cols, to="reduced", tiled=True)  # none

    return body


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    a = jax.shard_map(make_body(Layout("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))
    b = jax.shard_map(make_body(Layout("j", "i")), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
    return b(x)
