"""CTR model: train a logistic layer, then export its weights for the serving stack.

The job is a list of "verb arg" commands, executed in order.
"""
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = """
mesh 2x4 dp,tp
place w tp,-
train 3
export w -,-|tp
"""


def spec_of(text):
    layout, _, red = text.partition("|")
    dims = [None if t == "-" else t for t in layout.split(",")]
    return P(*dims, reduced=set(red.split("+"))) if red else P(*dims)


class Job:
    def __init__(self):
        self.mesh = None
        self.arrays = {}

    def cmd_mesh(self, shape, names):
        self.mesh = jax.make_mesh(tuple(int(s) for s in shape.split("x")), tuple(names.split(",")))

    def cmd_place(self, name, layout):
        self.arrays[name] = jax.device_put(self.arrays[name], NamedSharding(self.mesh, spec_of(layout)))

    def cmd_train(self, steps):
        x, y = self.arrays["x"], self.arrays["y"]

        def loss(w):
            p = jax.nn.sigmoid(x @ w)
            return -jnp.mean(y * jnp.log(p + 1e-6) + (1 - y) * jnp.log(1 - p + 1e-6))

        with jax.set_mesh(self.mesh):
            step = jax.jit(lambda w: w - 0.1 * jax.grad(loss)(w))
            w = self.arrays["w"]
            for _ in range(int(steps)):
                w = step(w)
            self.arrays["w"] = w

    def cmd_export(self, name, layout):
        with jax.set_mesh(self.mesh):
            self.arrays[name + ":export"] = top_level_all_gather(self.arrays[name], spec_of(layout))

    def run(self, script):
        for line in script.strip().splitlines():
            verb, *args = shlex.split(line)
            getattr(self, "cmd_" + verb)(*args)


def inputs():
    rng = np.random.default_rng(13)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    y = (rng.random(size=(32, 1)) > 0.5).astype(np.float32)
    w = np.zeros((16, 1), np.float32)
    return x, y, w


def main(x, y, w):
    job = Job()
    job.arrays.update(x=x, y=y, w=w)
    job.run(JOB)
    print(job.arrays["w:export"].shape)
    return job.arrays["w:export"]


if __name__ == "__main__":
    main(*inputs())
