"""visionlab/train/hierarchical_ddp.py: two-level gradient all-reduce (intra-node, then world).

Mirrors our torch setup where NCCL first reduces inside a node. Each replica keeps its own copy
of the weights (like torch DDP), so the weights are cast to per-device before the backward.
"""
import enum
from collections import OrderedDict

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# torchish: the bits of torch.nn / torch.distributed we keep using, on top of
# JAX (pasted from our internal utils; keep in sync by hand).
# ---------------------------------------------------------------------------
class ReduceOp(enum.IntEnum):
    SUM = 0
    AVG = 1
    MAX = 2
    MIN = 3


_REDUCERS = {
    ReduceOp.SUM: jax.lax.psum,
    ReduceOp.AVG: jax.lax.pmean,
    ReduceOp.MAX: jax.lax.pmax,
    ReduceOp.MIN: jax.lax.pmin,
}


def get_rank(group):
    return jax.lax.axis_index(group)


def get_world_size(group):
    return jax.lax.axis_size(group)


def all_reduce(tensor, op=ReduceOp.SUM, group="data"):
    return _REDUCERS[ReduceOp(op)](tensor, group)


def all_gather(tensor, group="data", dim=0, to="varying"):
    return jax.lax.all_gather(tensor, group, axis=dim, tiled=True, to=to)


def broadcast(tensor, src=0, group="data"):
    keep = jnp.where(get_rank(group) == src, tensor, jnp.zeros_like(tensor))
    return jax.lax.psum(keep, group)


class Module:
    def __init__(self):
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "_forward_hooks", [])
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        elif isinstance(value, (jax.Array, np.ndarray)) and not name.startswith("_"):
            self._parameters[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        for store in ("_parameters", "_buffers", "_modules"):
            d = self.__dict__.get(store, {})
            if name in d:
                return d[name]
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def register_buffer(self, name, value):
        self._buffers[name] = value

    def named_parameters(self, prefix=""):
        for name, p in self._parameters.items():
            yield prefix + name, p
        for mname, m in self._modules.items():
            yield from m.named_parameters(prefix + mname + ".")

    def parameters(self):
        return [p for _, p in self.named_parameters()]

    def state_dict(self, prefix=""):
        out = OrderedDict(self.named_parameters(prefix))
        for name, b in self._buffers.items():
            out[prefix + name] = b
        for mname, m in self._modules.items():
            for k, v in m.state_dict(prefix + mname + ".").items():
                out.setdefault(k, v)
        return out

    def load_state_dict(self, state, prefix=""):
        for name in list(self._parameters):
            self._parameters[name] = state[prefix + name]
        for name in list(self._buffers):
            self._buffers[name] = state.get(prefix + name, self._buffers[name])
        for mname, m in self._modules.items():
            m.load_state_dict(state, prefix + mname + ".")
        return self

    def register_forward_hook(self, hook):
        self._forward_hooks.append(hook)
        return hook

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def __call__(self, *args, **kwargs):
        out = self.forward(*args, **kwargs)
        for hook in self._forward_hooks:
            res = hook(self, args, out)
            out = out if res is None else res
        return out


class Sequential(Module):
    def __init__(self, *mods):
        super().__init__()
        for i, m in enumerate(mods):
            self._modules[str(i)] = m

    def forward(self, x):
        for m in self._modules.values():
            x = m(x)
        return x


class ModuleList(Module):
    def __init__(self, mods=()):
        super().__init__()
        for m in mods:
            self.append(m)

    def append(self, m):
        self._modules[str(len(self._modules))] = m

    def __iter__(self):
        return iter(self._modules.values())

    def __len__(self):
        return len(self._modules)


class DistributedDataParallel(Module):
    """Averages gradients over `group` like torch's DDP (no buckets)."""

    def __init__(self, module, group="data"):
        super().__init__()
        self.module = module
        object.__setattr__(self, "group", group)

    def forward(self, *args):
        return self.module(*args)

    def sync_grads(self, grads):
        return jax.tree.map(lambda g: all_reduce(g, ReduceOp.AVG, self.group), grads)
# ---------------------------------------------------------------------------

NODE, LOCAL = "node", "local"


class TinyCNN(Module):
    def __init__(self, kernel, head):
        super().__init__()
        self.kernel = kernel
        self.head = head

    def forward(self, x):
        y = jax.lax.conv_general_dilated(x, self.kernel, (2, 2), "SAME",
                                         dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jnp.mean(jax.nn.relu(y), axis=(1, 2)) @ self.head


def loss_fn(params, x, labels):
    model = TinyCNN(*params)
    logp = jax.nn.log_softmax(model(x))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def make_step(mesh, lr=0.1):
    ddp = DistributedDataParallel(Module(), group=(NODE, LOCAL))

    def body(kernel, head, x, labels):
        params = jax.lax.pcast((kernel, head), (NODE, LOCAL), to="varying")
        grads = jax.grad(loss_fn)(params, x, labels)
        grads = jax.tree.map(lambda g: all_reduce(g, ReduceOp.AVG, LOCAL), grads)
        grads = ddp.sync_grads(grads)
        return tuple(p - lr * g for p, g in zip((kernel, head), grads))

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(), P(), P((NODE, LOCAL)), P((NODE, LOCAL))),
                         out_specs=(P(), P()))


def inputs():
    rng = np.random.default_rng(34)
    kernel = rng.normal(size=(3, 3, 2, 4)).astype(np.float32) * 0.3
    head = rng.normal(size=(4, 3)).astype(np.float32) * 0.3
    x = rng.normal(size=(16, 8, 8, 2)).astype(np.float32)
    labels = rng.integers(0, 3, size=16).astype(np.int32)
    return kernel, head, x, labels


def main(kernel, head, x, labels):
    mesh = jax.make_mesh((2, 4), (NODE, LOCAL))
    with jax.set_mesh(mesh):
        k = jax.device_put(kernel, NamedSharding(mesh, P()))
        h = jax.device_put(head, NamedSharding(mesh, P()))
        xs = jax.device_put(x, NamedSharding(mesh, P((NODE, LOCAL))))
        ls = jax.device_put(labels, NamedSharding(mesh, P((NODE, LOCAL))))
        k, h = make_step(mesh)(k, h, xs, ls)
        print("head norm", float(jnp.linalg.norm(h)))
    return h


if __name__ == "__main__":
    main(*inputs())
