"""Expected calibration error over all requests: confidences binned into ten buckets."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BINS = 10


def gather_requests(x, axis="requests"):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="invarying")


def ece(confidence, correct):
    conf = gather_requests(confidence)
    acc = gather_requests(correct)
    edges = jnp.linspace(0.0, 1.0, N_BINS + 1)
    in_bin = (conf[:, None] > edges[None, :-1]) & (conf[:, None] <= edges[None, 1:])
    gap = jnp.abs(jnp.sum(in_bin * (conf - acc)[:, None], axis=0))
    return jnp.sum(gap) / conf.shape[0]


def inputs():
    rng = np.random.default_rng(18)
    conf = rng.uniform(size=(32,)).astype(np.float32)
    return conf, (rng.uniform(size=(32,)) < conf).astype(np.float32)


def main(confidence, correct):
    mesh = jax.make_mesh((8,), ("requests",))
    confidence = jax.device_put(confidence, NamedSharding(mesh, P("requests")))
    correct = jax.device_put(correct, NamedSharding(mesh, P("requests")))
    fn = jax.shard_map(ece, mesh=mesh, in_specs=(P("requests"), P("requests")), out_specs=P())
    return fn(confidence, correct)


if __name__ == "__main__":
    print(main(*inputs()))
