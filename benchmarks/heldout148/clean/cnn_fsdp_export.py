"""visionlab/fsdp/export.py: export FSDP-sharded conv weights to a single-host checkpoint.

Every parameter is flat-sharded over the "batch" axis (ZeRO-3 style) during training.
"""
import enum
from collections import OrderedDict

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from jax._src.shard_map import top_level_all_gather
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

FSDP_AXIS = "batch"


class Conv(Module):
    def __init__(self, kernel, bias):
        super().__init__()
        self.kernel = kernel
        self.bias = bias


class ResNetStem(Module):
    def __init__(self, params):
        super().__init__()
        self.conv1 = Conv(params["conv1.kernel"], params["conv1.bias"])
        self.conv2 = Conv(params["conv2.kernel"], params["conv2.bias"])


class FSDPWrapper:
    def __init__(self, mesh, module):
        self.mesh = mesh
        self.module = module

    def shard(self):
        with jax.set_mesh(self.mesh):
            for name, p in list(self.module.named_parameters()):
                owner = self.module
                *path, leaf = name.split(".")
                for part in path:
                    owner = getattr(owner, part)
                owner._parameters[leaf] = jax.device_put(p, NamedSharding(self.mesh, P(FSDP_AXIS)))
        return self

    def full_state_dict(self):
        full_spec = P(None, reduced={FSDP_AXIS})
        with jax.set_mesh(self.mesh):
            return {k: top_level_all_gather(v, full_spec) for k, v in self.module.state_dict().items()}


def inputs():
    rng = np.random.default_rng(33)
    params = {
        "conv1.kernel": rng.normal(size=(16,)).astype(np.float32),
        "conv1.bias": np.zeros(8, np.float32),
        "conv2.kernel": rng.normal(size=(32,)).astype(np.float32),
        "conv2.bias": np.zeros(8, np.float32),
    }
    return (params,)


def main(params):
    mesh = jax.make_mesh((8,), (FSDP_AXIS,))
    fsdp = FSDPWrapper(mesh, ResNetStem(params)).shard()
    state = fsdp.full_state_dict()
    for k, v in state.items():
        print(k, v.shape)
    return state["conv1.kernel"]


if __name__ == "__main__":
    main(*inputs())
