"""training_step outputs gathered by training_step_end, then logged with a max reduction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init__(self, data_axis):
        self.data_axis = data_axis
        self.logged = {}

    def training_step(self, batch):
        return {"loss": jnp.mean(batch * batch, axis=1)}

    def training_step_end(self, outputs):
        return {k: jax.lax.all_gather(v, self.data_axis, tiled=True, to="reduced") for k, v in outputs.items()}

    def log(self, name, value, reduce_fx=jax.lax.pmax):
        self.logged[name] = reduce_fx(value, self.data_axis)


class Loop:
    """What the trainer's fit loop calls on the module, in order."""

    hooks = ("training_step", "training_step_end")

    def run(self, module, batch):
        out = batch
        for hook in self.hooks:
            out = getattr(module, hook)(out)
        for name, value in out.items():
            module.log(f"train/{name}_max", value)
        return module.logged


def inputs():
    return (np.random.default_rng(29).normal(size=(8, 8)).astype(np.float32),)


def main(batch):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    spec = P("data", None)
    batch = jax.device_put(batch, NamedSharding(mesh, spec))
    module = Module("data")
    return jax.shard_map(lambda b: Loop().run(module, b), mesh=mesh, in_specs=spec,
                         out_specs={"train/loss_max": P()})(batch)


if __name__ == "__main__":
    main(*inputs())
