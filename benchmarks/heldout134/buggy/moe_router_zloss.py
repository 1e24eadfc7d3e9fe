"""lingvo_lite/layers/moe/router_zloss.py

Router z-loss (ST-MoE): the squared log-partition of the router logits. The router's expert
columns are split over 'expert', so the partition function is summed over the expert shards;
the per-shard token losses are then reduce-scattered over the axes the experiment gives for
aux losses, one slice per device for the aux-loss accumulator.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class RouterZLoss(BaseLayer):
  HPARAMS = dict(weight=1e-3, expert_axis=None, aux_axes=())

  def fprop(self, logits):
    m = jax.lax.pmax(jnp.max(logits, axis=-1), self.expert_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[:, None]), axis=-1), self.expert_axis)
    log_z = jnp.log(z) + m
    per_token = self.weight * log_z * log_z
    return jax.lax.psum_scatter(per_token, self.aux_axes, scatter_dimension=0, tiled=True)


class Router(BaseLayer):
  HPARAMS = dict(model_dims=0, num_experts=0, zloss_tpl=None)

  def setup(self):
    tokens_axis, expert_axis = self.activation_split_dims_mapping.logits
    self.create_child('zloss', self.zloss_tpl.clone(expert_axis=expert_axis,
                                                    aux_axes=(tokens_axis, expert_axis)))

  def fprop(self, mesh, w, x):
    act = self.activation_split_dims_mapping

    def body(xb, wb):
      logits = xb @ wb
      return self.zloss(logits)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(act.logits[0], None), split_spec(self.weight_split_dims_mapping.router)),
                         out_specs=P(act.logits))(x, w)


@experiment_registry.register
class RouterZ4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'expert')

  def task(self):
    return Config(Router, model_dims=8, num_experts=4,
                  zloss_tpl=Config(RouterZLoss, weight=1e-2),
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(router=(None, 'expert')),
                  activation_split_dims_mapping=SplitDims(logits=('data', 'expert')))


def inputs():
  rng = np.random.default_rng(33)
  return 'RouterZ4x2', rng.standard_normal((64, 8)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  router = instantiate(exp.task())
  w = place(mesh, np.random.default_rng(0).standard_normal((8, 4)).astype(np.float32) * 0.1,
            router.weight_split_dims_mapping.router)
  x = place(mesh, x, (router.activation_split_dims_mapping.logits[0], None))
  with jax.set_mesh(mesh):
    zloss = router.fprop(mesh, w, x)
  print(zloss.shape, float(jnp.sum(zloss)))


if __name__ == '__main__':
  main(*inputs())
