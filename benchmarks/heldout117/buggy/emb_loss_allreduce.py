"""Two-tower retrieval: sampled-softmax training loss across the mesh.

Loss reduction is configured as "reduce=<op>:<axes>".
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_FLAGS = "mesh=4x2 names=data,model reduce=mean:data,model"


def flags(text):
    return dict(item.split("=", 1) for item in text.split())


def make_mesh(f):
    dims = [int(d) for d in f["mesh"].split("x")]
    return jax.make_mesh(tuple(dims), tuple(f["names"].split(",")))


REDUCERS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}


def parse_reduce(text):
    op, _, axes = text.partition(":")
    axes = tuple(axes.split(","))
    return REDUCERS[op], axes if len(axes) > 1 else axes[0]


def loss_body(u, v, f):
    # hidden dim is split over "model": dot products are partial sums
    logits = jax.lax.psum(u @ v.T, "model")
    labels = jnp.arange(logits.shape[0])
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    reduce, axes = parse_reduce(f["reduce"])
    return reduce(nll, axes)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(u, v):
    f = flags(TRAIN_FLAGS)
    mesh = make_mesh(f)
    spec = P("data", "model")
    u = jax.device_put(u, NamedSharding(mesh, spec))
    v = jax.device_put(v, NamedSharding(mesh, spec))
    loss = jax.shard_map(lambda a, b: loss_body(a, b, f), mesh=mesh,
                         in_specs=(spec, spec), out_specs=P())(u, v)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
