"""Streaming conformer: the left-context cache is pulled from every chunk, then exported for the decoder."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class StreamingCache:
    def __init__(self, batch_axis, chunk_axis):
        self.batch_axis = batch_axis
        self.chunk_axis = chunk_axis

    def _pull_context(self, cache):
        return jax.lax.all_gather(cache, self.chunk_axis, axis=1, tiled=True, to="reduced")

    def _export(self, ctx):
        return jax.lax.all_gather(ctx, (self.batch_axis, self.chunk_axis), axis=0, tiled=True,
                                  to="reduced")

    def flush(self, cache):
        return self._export(self._pull_context(cache))


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(cache):
    mesh = jax.make_mesh((2, 4), ("batch", "chunk"))
    store = StreamingCache(*mesh.axis_names)
    cache = jax.device_put(cache, NamedSharding(mesh, P("batch", "chunk")))
    flush = jax.shard_map(store.flush, mesh=mesh, in_specs=P("batch", "chunk"),
                          out_specs=P(None, None, reduced={"batch", "chunk"}))
    return flush(cache)


if __name__ == "__main__":
    main(*inputs())
