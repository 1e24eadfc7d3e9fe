"""`c_spec, d_spec = server.specs()` with the method returning a tuple of specs built from the
object's fields: `c` is invariant on "i", so adding the psum result keeps it invariant and the
gather to reduced fails."""
import jax
from jax.sharding import PartitionSpec as P


class Server:
    def __init__(self, *, row="i", col="j"):
        self.row = row
        self.col = col

    def update(self, c, d):
        mean = jax.lax.psum(d, self.row) / 2.0
        return jax.lax.all_gather(c + mean, self.row, axis=0, tiled=True, to="reduced")  # SF101

    def specs(self):
        return (P(None, self.col), P(self.row, self.col))


def main(mesh, x):
    server = Server()
    c_spec, d_spec = server.specs()
    out = P(None, server.col, reduced={server.row})
    return jax.shard_map(server.update, mesh=mesh, in_specs=(c_spec, d_spec), out_specs=out)(x[:4], x)
