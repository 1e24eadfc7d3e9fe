"""The first unpacked spec shards `c` over "i" (the second is the replicated one): the sum varies
on "i" and the gather to reduced over "i" is legal."""
import jax
from jax.sharding import PartitionSpec as P


class Server:
    def __init__(self, *, row="i", col="j"):
        self.row = row
        self.col = col

    def update(self, c, d):
        mean = jax.lax.psum(d, self.row) / 2.0
        return jax.lax.all_gather(c + mean, self.row, axis=0, tiled=True, to="reduced")

    def specs(self):
        return (P(self.row, self.col), P(None, self.col))


def main(mesh, x):
    server = Server()
    c_spec, d_spec = server.specs()
    out = P(None, server.col, reduced={server.row})
    return jax.shard_map(server.update, mesh=mesh, in_specs=(c_spec, d_spec), out_specs=out)(x, x[:4])
