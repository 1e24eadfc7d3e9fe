import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MetricsReducer:
    BATCH = 'batch'
    MODEL = 'model'

    def __init__(self, mesh):
        self.mesh = mesh

    def accuracy(self, logits, labels):
        def body(logits, labels):
            hits = (jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32)
            acc = jax.lax.pmean(jnp.mean(hits, keepdims=True), self.BATCH)
            return jax.lax.all_gather(acc, self.BATCH, tiled=True, to='reduced')
        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(P(self.BATCH, None), P(self.BATCH)),
                             out_specs=P())(logits, labels)


def inputs():
    logits = np.cos(np.arange(80, dtype=np.float32)).reshape(8, 10)
    labels = np.arange(8, dtype=np.int32) % 10
    return logits, labels


def main(logits, labels):
    mesh = jax.make_mesh((8,), ('batch',))
    logits = jax.device_put(logits, NamedSharding(mesh, P('batch', None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P('batch')))
    return MetricsReducer(mesh).accuracy(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
