"""Checkpointing FP8 scaling state: the amax history saved replicated for the writer."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "tensor"))
TRAIN_SPEC = P("data", "tensor")
SAVE_SPEC = P(None, None, reduced={"data", "tensor"})


class Fp8State:
    def __init__(self, history_len=16, num_tensors=8):
        self.shape = (num_tensors, history_len)

    def init_history(self):
        h = jnp.zeros(self.shape, jnp.float32).at[:, 0].set(1.0)
        return jax.device_put(h, NamedSharding(MESH, TRAIN_SPEC))

    def save(self, history, spec=SAVE_SPEC):
        with jax.set_mesh(MESH):
            saved = top_level_all_gather(history, spec)
        return {"amax_history": saved}


def inputs():
    return (Fp8State().init_history(),)


def main(history):
    return Fp8State().save(history)


if __name__ == "__main__":
    main(*inputs())
