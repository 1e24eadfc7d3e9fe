"""Compiled grammar token tables, placed vocab-parallel and exported for the CPU-side matcher."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class GrammarCompiler:
    placed_spec = P(None, "vocab")
    export_spec = P(None, None, reduced={"vocab"})

    def __init__(self, mesh):
        self.mesh = mesh

    def compile(self, token_table):
        return jax.device_put(token_table, NamedSharding(self.mesh, self.placed_spec))

    def export(self, table):
        return top_level_all_gather(table, self.export_spec)


def inputs():
    rng = np.random.default_rng(34)
    return ((rng.random((6, 32)) < 0.5).astype(np.float32),)


def main(token_table):
    mesh = jax.make_mesh((2, 4), ("req", "vocab"))
    compiler = GrammarCompiler(mesh)
    with jax.set_mesh(mesh):
        table = compiler.compile(token_table)
        table = jnp.maximum(table, 0.0)
    return compiler.export(table)


if __name__ == "__main__":
    main(*inputs())
