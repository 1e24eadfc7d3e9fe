import jax
from jax.sharding import PartitionSpec as P


class Layout:
    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols

    def transpose(self):
        self.rows, self.cols = self.cols, self.rows


def make_body(layout):
    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, layout.cols, to="reduced", tiled=True)  # none

    return body


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    layout = Layout("i", "j")
    layout.transpose()
    layout.transpose()
    layout.transpose()
    return jax.shard_map(make_body(layout), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
