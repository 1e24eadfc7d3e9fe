"""DBNet-style text detector step with DDP communication hooks, ported from torch to shard_map."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


@dataclass
class HookState:
    process_group: str
    bucket_cap_mb: int = 25


def allreduce_hook(state, bucket):
    return jax.lax.psum(bucket, state.process_group)


def share_for_backward_hook(state, bucket):
    return jax.lax.all_gather(bucket, state.process_group, axis=0, tiled=True, to="reduced")


@dataclass
class DistributedDataParallel:
    params: dict
    process_group: str = "replica"
    hooks: list = field(default_factory=list)

    def register_comm_hook(self, state, hook):
        self.hooks.append((state, hook))

    def reduce_bucket(self, bucket):
        for state, hook in self.hooks:
            bucket = hook(state, bucket)
        return bucket


def prob_map(params, images):
    feats = jnp.tanh(images @ params["w"])
    return jax.nn.sigmoid(feats.mean(axis=-1))


def train_step(ddp, images, target):
    def loss_fn(w):
        pred = prob_map({"w": w}, images)
        return jnp.mean((pred - target) ** 2)
    grad = jax.grad(loss_fn)(ddp.params["w"])
    return ddp.reduce_bucket(grad.reshape(-1))


def inputs():
    rng = np.random.default_rng(10)
    imgs = rng.normal(size=(8, 16, 8)).astype(np.float32)
    tgt = (rng.random((8, 16)) > 0.7).astype(np.float32)
    w = rng.normal(size=(8, 4)).astype(np.float32) * 0.1
    return (jax.device_put(imgs, NamedSharding(MESH, P("replica", "shard"))),
            jax.device_put(tgt, NamedSharding(MESH, P("replica", "shard"))),
            jax.device_put(w, NamedSharding(MESH, P())))


def main(images, target, w):
    def step(images, target, w):
        ddp = DistributedDataParallel({"w": w})
        state = HookState(process_group=ddp.process_group)
        ddp.register_comm_hook(state, allreduce_hook)
        ddp.register_comm_hook(state, share_for_backward_hook)
        return train_step(ddp, images, target)
    fn = jax.shard_map(step, mesh=MESH, in_specs=(P("replica", "shard"), P("replica", "shard"), P()),
                       out_specs=P("shard", reduced={"replica"}))
    print("reduced grad norm:", float(jnp.linalg.norm(fn(images, target, w))))


if __name__ == "__main__":
    main(*inputs())
