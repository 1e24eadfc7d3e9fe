"""lingvo_lite/checkpoints/moe_export.py

Writes the expert weights of a mixture-of-experts layer to a dense checkpoint. Experts are split
over 'expert' during training; the export template's gathered axis comes from the experiment's
CHECKPOINT_AXES, shared with the dense (data-parallel) layers of the same model.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class ExpertWeights(BaseLayer):
  HPARAMS = dict(num_experts=0, model_dims=0, hidden_dims=0)

  def init(self, key):
    k1, k2 = jax.random.split(key)
    return {
        'wi': jax.random.normal(k1, (self.num_experts, self.model_dims, self.hidden_dims)) * 0.02,
        'wo': jax.random.normal(k2, (self.num_experts, self.hidden_dims, self.model_dims)) * 0.02,
    }


class DenseExporter(BaseLayer):
  HPARAMS = dict(gather_axes=())

  def spec_for(self, ndim):
    return P(*([None] * ndim), reduced=set(self.gather_axes))

  def fprop(self, params):
    dense = {}
    for name in sorted(params):
      value = params[name]
      dense[name] = top_level_all_gather(value, self.spec_for(value.ndim))
    return dense


@experiment_registry.register
class MoEExport4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('expert', 'data')
  CHECKPOINT_AXES = ('data',)

  def task(self):
    experts = Config(ExpertWeights, num_experts=8, model_dims=4, hidden_dims=8,
                     weight_split_dims_mapping=SplitDims(wi=('expert', None, None),
                                                         wo=('expert', None, None)))
    return experts, Config(DenseExporter, gather_axes=self.CHECKPOINT_AXES)


def save(dense, step):
  return {f'{step}/{k}': np.asarray(jax.reshard(v, P(*([None] * v.ndim)))) for k, v in dense.items()}


def inputs():
  return 'MoEExport4x2', 2000


def main(exp_name, step):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  experts_cfg, exporter_cfg = exp.task()
  experts = instantiate(experts_cfg)
  exporter = instantiate(exporter_cfg)
  wt = experts.weight_split_dims_mapping
  params = {k: place(mesh, v, getattr(wt, k)) for k, v in experts.init(jax.random.PRNGKey(0)).items()}
  with jax.set_mesh(mesh):
    dense = exporter.fprop(params)
    saved = save(dense, step)
  print({k: v.shape for k, v in saved.items()})


if __name__ == '__main__':
  main(*inputs())
